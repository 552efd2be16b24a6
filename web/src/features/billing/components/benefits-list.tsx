import { PAID_BENEFITS } from '@doublecast/common/billing-texts';
import { Check } from './pricing-plans';

export function BenefitsList({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="space-y-2 text-left text-zinc-200">
      {PAID_BENEFITS.map((b) => (
        <li key={b} className="flex items-start gap-3">
          <Check />
          <span>{b}</span>
        </li>
      ))}
    </ul>
  );
}
