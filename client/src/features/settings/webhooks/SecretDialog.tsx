import { ShownOnceDialog } from '../../../components/ShownOnceDialog';

/** The new endpoint's signing secret, shown this once, with Copy. */
export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Endpoint signing secret"
      description={url}
      intro="Copy this secret now: it will not be shown again. Your receiver uses it to verify the webhook-signature header."
      label="Signing secret"
      value={secret}
      copyLabel="Copy secret"
      copied={{ title: 'Secret copied', description: 'Keep it where your receiver can read it.' }}
      onClose={onClose}
    />
  );
}
