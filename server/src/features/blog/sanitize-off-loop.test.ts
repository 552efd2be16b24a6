import { afterAll, describe, expect, it } from 'vitest';
import { xssCases } from '../../test/fixtures/xss-payloads';
import { blogPostRow } from '../../test/blog-rows';
import { toBlogPost } from './blog.service';
import { closeBlogSanitizer, INLINE_SANITIZE_LIMIT, sanitizeBlogHtml } from './sanitize-off-loop';
import { sanitizeHtml } from './sanitize-html';

/** A long post: the most the editor accepts is 200,000 characters. */
function longBody(marker: string): string {
  const paragraph = `<p>${marker} <b>bold</b> <i>words</i> <a href="https://example.com/x">a link</a></p>`;
  return paragraph.repeat(Math.ceil((INLINE_SANITIZE_LIMIT * 8) / paragraph.length));
}

/** Whether the event loop got a turn before `work` settled (it did not when work ran inline). */
async function loopTurnedDuring(work: () => Promise<unknown>): Promise<boolean> {
  const order: string[] = [];
  const done = work().then(() => order.push('work'));
  setImmediate(() => order.push('loop'));
  await done;
  await new Promise((resolve) => setImmediate(resolve));
  return order[0] === 'loop';
}

describe('blog HTML sanitised off the event loop', () => {
  afterAll(() => closeBlogSanitizer());

  it('sanitises a long body in a worker thread, with the same result as inline', async () => {
    const body = longBody('worker') + xssCases().join('\n');
    let html = '';
    expect(
      await loopTurnedDuring(async () => {
        html = await sanitizeBlogHtml(body);
      }),
    ).toBe(true);
    expect(html).toBe(sanitizeHtml(body));
    // Remembered: the next visit does not wait for the worker.
    expect(await loopTurnedDuring(() => sanitizeBlogHtml(body))).toBe(false);
  });

  it('a published post served from a long body does not hold the loop while it is sanitised', async () => {
    const row = blogPostRow(1, { content: longBody('post') });
    let served = '';
    expect(
      await loopTurnedDuring(async () => {
        served = (await toBlogPost(row)).contentHtml;
      }),
    ).toBe(true);
    expect(served).toBe(sanitizeHtml(row.content));
  });

  it('short bodies and the same body asked for at once are sanitised once', async () => {
    expect(await sanitizeBlogHtml('<p>hi<script>x</script></p>')).toBe('<p>hi</p>');
    const body = longBody('twice');
    const [a, b] = await Promise.all([sanitizeBlogHtml(body), sanitizeBlogHtml(body)]);
    expect(a).toBe(b);
    expect(a).toBe(sanitizeHtml(body));
  });
});
