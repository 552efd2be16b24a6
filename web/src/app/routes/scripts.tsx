import { ScriptsManager } from '../../features/scripts/components/scripts-manager';

export function ScriptsRoute() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <ScriptsManager />
    </section>
  );
}
