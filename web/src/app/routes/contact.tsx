import { ContactForm } from '../../features/contact/components/contact-form';
import { useSession } from '../../features/auth/api/get-session';
import { ContactAside } from '../../features/marketing/components/contact-aside';
import { PageHero } from '../../features/marketing/components/page-hero';

export function ContactRoute() {
  const { user } = useSession();
  return (
    <>
      <title>Contact Us - Doublecast</title>
      <PageHero
        eyebrow="Get in touch"
        title="Contact Us"
        lead="Questions about your account, booking an actor or the product itself? Send us a message and we'll get back to you within 24-48 hours."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-24 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <ContactAside />
        <section
          aria-labelledby="contact-form-title"
          className="order-first rounded-2xl border border-zinc-800 bg-zinc-900/70 p-6 shadow-xl shadow-black/20 sm:p-8 lg:order-none"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-white">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-sm text-zinc-400">All fields are required.</p>
          <ContactForm defaultEmail={user?.email ?? ''} />
        </section>
      </div>
    </>
  );
}
