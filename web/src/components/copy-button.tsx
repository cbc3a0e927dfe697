import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type ReactElement } from 'react';
import { Button } from './button';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The exact text put on the clipboard. */
  readonly value: string;
  /** What is copied, for the accessible name ("Copy token"). */
  readonly label?: string;
  readonly size?: 'sm' | 'md';
  /** Show the label next to the icon. */
  readonly showLabel?: boolean;
}

/** Copies a value and says so ("Copied") for two seconds; the announcement is read out. */
export function CopyButton({ value, label = 'Copy', size = 'sm', showLabel = false }: CopyButtonProps): ReactElement {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context or a permission; the value stays selectable.
      setState('failed');
    }
  };
  const words = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select and copy by hand' : label;
  return (
    <Button size={size} variant={showLabel ? 'secondary' : 'ghost'} iconOnly={!showLabel} aria-label={showLabel ? undefined : words} onClick={() => void copy()}>
      {state === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      {showLabel && <span>{words}</span>}
      <span className="visually-hidden" aria-live="polite">{state === 'idle' ? '' : words}</span>
    </Button>
  );
}
