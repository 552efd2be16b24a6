import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PracticeSetup } from './practice-setup';

describe('Practice without a script to rehearse', () => {
  it('links to My Scripts', () => {
    renderWithProviders(
      <PracticeSetup
        scripts={[]}
        voices={[]}
        initialScriptId={null}
        onStart={() => {}}
        onReaderTrack={() => {}}
        readerTrackBusy={false}
      />,
    );
    expect(screen.getByRole('link', { name: 'My Scripts' }).getAttribute('href')).toBe('/scripts');
  });
});
