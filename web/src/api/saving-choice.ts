import { useState } from 'react';

/** See {@link useSavingChoice}. */
export interface SavingChoice<T> {
  /** The value the control shows. */
  readonly shown: T;
  /** Show this choice from now on (call it in the change handler, before saving). */
  readonly choose: (value: T) => void;
  /** Back to the saved value (call it once the save settled and the value was read back). */
  readonly settle: () => void;
}

/**
 * What a radio or select shows while its change is saved: the choice from the moment it is made
 * until the save settles, else the saved value. Driven by a mutation's pending state alone, the
 * control springs back to the old value for a tick, until that state arrives.
 */
export function useSavingChoice<T>(saved: T): SavingChoice<T> {
  const [chosen, setChosen] = useState<{ readonly value: T } | null>(null);
  return { shown: chosen === null ? saved : chosen.value, choose: (value) => setChosen({ value }), settle: () => setChosen(null) };
}
