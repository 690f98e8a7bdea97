// The notice Google asks for when the reCAPTCHA badge is hidden, with its two links.
import { tagged } from './tagged-text';

/** `text` marks the links as <privacy>…</privacy> and <terms>…</terms>. */
export default function BotCheckNotice({ text }: { text: string }) {
  return (
    <p className="m-0 text-xs text-muted" data-bot-check-notice>
      {tagged(text, 'privacy', (inner) => <a key="p" href="https://policies.google.com/privacy" className="link">{inner}</a>).flatMap((part) =>
        typeof part === 'string' ? tagged(part, 'terms', (inner) => <a key="t" href="https://policies.google.com/terms" className="link">{inner}</a>) : [part],
      )}
    </p>
  );
}
