export function PrivacyRoute() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">Privacy</h1>
    </section>
  );
}
