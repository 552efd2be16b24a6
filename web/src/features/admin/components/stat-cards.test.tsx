import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCards } from './stat-cards';

describe('StatCards', () => {
  it('shows each card as a term with its figure and note as descriptions, in order', () => {
    const { container } = render(
      <StatCards
        className="mt-6"
        stats={[
          { label: 'Total Users', value: '1,234', note: 'All accounts' },
          {
            label: 'Cost Analysis',
            value: '$0.09',
            note: (
              <>
                $0.00003 per character<span className="block">Piper: $0.00</span>
              </>
            ),
          },
        ]}
      />,
    );
    const list = container.querySelector('dl')!;
    expect(list.className).toContain('mt-6');
    expect(
      within(list)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Total Users', 'Cost Analysis']);
    const users = screen.getByText('Total Users').parentElement!;
    expect([...users.querySelectorAll('dd')].map((d) => d.textContent)).toEqual([
      '1,234',
      'All accounts',
    ]);
    expect(screen.getByText('Piper: $0.00').tagName).toBe('SPAN');
  });
});
