// A coupon code to copy. The button works through the small delegated script in
// copy-code-script.ts (no hydration), so the same markup serves live pages and the preview.
import type { Block } from '../../lib/contract/page-blocks';
import type { BlockLabels } from './block-labels';

interface Props {
  block: Extract<Block, { type: 'coupon' }>;
  labels: BlockLabels;
}

export default function CouponBlock({ block, labels }: Props) {
  return (
    <div className="container mt-8" data-block="coupon">
      <div className="flex max-w-3xl flex-col gap-4 border-2 border-dashed border-primary bg-canvas p-6">
        <p className="m-0 text-lg">{block.text}</p>
        <div className="flex flex-wrap items-center gap-3">
          <p className="m-0">
            <span className="block text-xs font-semibold uppercase tracking-wider text-muted">{labels.couponCode}</span>
            <code className="block bg-surface px-3 py-1 font-mono text-2xl font-bold tracking-wider text-secondary" data-coupon-code>{block.code}</code>
          </p>
          <button
            type="button"
            className="btn-primary self-end"
            data-copy-code={block.code}
            data-copied={labels.codeCopied}
            data-copy-failed={labels.copyFailed}
          >
            {labels.copyCode}<span className="sr-only"> {block.code}</span>
          </button>
        </div>
        <p className="m-0 min-h-6 text-sm font-semibold text-secondary" role="status" data-copy-status></p>
      </div>
    </div>
  );
}
