import { BLOG_LIST_SUBTITLE } from '@doublecast/common/blog-texts';
import { BlogList } from '../../features/blog/components/blog-list';
import { PageHero } from '../../features/marketing/components/page-hero';

export function BlogRoute() {
  return (
    <>
      <title>Blog - Doublecast</title>
      <PageHero eyebrow="Doublecast Blog" title="Blog" lead={BLOG_LIST_SUBTITLE} />
      <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <BlogList />
      </div>
    </>
  );
}
