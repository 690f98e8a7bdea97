// The business tools (issue 16) are for a business customer's users and for agents acting for a
// business customer; a consumer who opens one of their pages is told so instead.
import { useStore } from '@nanostores/react';
import type { T } from '../../lib/i18n/client-messages';
import { $session } from '../../lib/stores/session';

export function useTradeCustomer(): boolean {
  const session = useStore($session);
  return session.customer?.kind === 'b2b';
}

export default function BusinessOnly({ t }: { t: T }) {
  return (
    <p className="m-0 border-l-4 border-secondary bg-surface p-4" data-business-only="">
      {t('b2b.businessOnly')}
    </p>
  );
}
