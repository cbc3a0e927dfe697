import { useState, type ReactElement } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { SecretReveal } from '../../components/secret-reveal';
import { useRotateSecret, type WebhookEndpoint } from './queries';
import textStyles from '../../styles/text.module.css';

/** Rotate an endpoint's signing secret: ask first, then show the new secret once. */
export function RotateSecretDialog({ orgId, endpoint }: { readonly orgId: string; readonly endpoint: WebhookEndpoint }): ReactElement {
  const rotate = useRotateSecret(orgId);
  const [open, setOpen] = useState(false);
  const rotated = rotate.data;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) rotate.reset();
      }}
      trigger={<Button size="sm">Rotate secret</Button>}
      title={rotated ? 'New signing secret' : 'Rotate the signing secret?'}
      description={rotated ? undefined : 'A new secret signs every delivery from now on. The current one keeps signing too for 24 hours, so the receiver can switch without losing events.'}
      footer={
        rotated ? (
          <DialogClose><Button variant="primary">Done</Button></DialogClose>
        ) : (
          <>
            <DialogClose><Button>Cancel</Button></DialogClose>
            <Button variant="primary" loading={rotate.isPending} onClick={() => rotate.mutate(endpoint.id)}>Rotate secret</Button>
          </>
        )
      }
    >
      {rotated ? (
        <>
          <SecretReveal secret={rotated.secret} what="signing secret" />
          <p className={textStyles.muted}>Deliveries carry signatures for both secrets until the old one expires.</p>
        </>
      ) : (
        <ErrorBanner error={rotate.error} />
      )}
    </Dialog>
  );
}
