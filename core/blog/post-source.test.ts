import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePostSource } from './post-source';

const post = (front: string, body = 'Body text.') => `---\n${front}\n---\n\n${body}\n`;
const valid =
  'title: A title\nslug: a-title\nauthor: Editorial team\npublished: 2025-06-04\ntags: [Inflation, euro area, inflation]';

describe('parsePostSource', () => {
  it('reads the front matter fields and the body', () => {
    const { meta, body } = parsePostSource(post(`${valid}\nsummary: Short.\ncover: /images/cover.svg`));
    expect(meta).toEqual({
      title: 'A title',
      slug: 'a-title',
      summary: 'Short.',
      author: 'Editorial team',
      published: new Date('2025-06-04T00:00:00Z'),
      tags: ['inflation', 'euro area'],
      cover: '/images/cover.svg',
    });
    expect(body).toBe('Body text.\n');
  });

  it('treats a post without a published date as a draft', () => {
    expect(parsePostSource(post('title: T\nslug: t\nauthor: A')).meta.published).toBeNull();
  });

  it('accepts CRLF line endings', () => {
    expect(parsePostSource(post(valid).replace(/\n/g, '\r\n')).meta.slug).toBe('a-title');
  });

  it.each([
    ['no front matter', 'Just text', 'missing front matter'],
    ['a bad slug', post(valid.replace('a-title', 'A Title')), 'slug: use lowercase letters, digits and hyphens'],
    ['a reserved slug', post(valid.replace('a-title', 'inflation-germany')), 'generated country articles'],
    ['a bad date', post(valid.replace('2025-06-04', 'June 4th')), 'invalid date: "June 4th"'],
    ['an http cover', post(`${valid}\ncover: http://example.org/x.png`), 'cover must be a site path or an https URL'],
    ['a javascript cover', post(`${valid}\ncover: "javascript:alert(1)"`), 'cover must be a site path'],
    ['no author', post('title: T\nslug: t'), 'author'],
    ['broken YAML', post('title: [unclosed'), 'invalid front matter'],
  ])('rejects %s', (_name, source, message) => {
    expect(() => parsePostSource(source)).toThrow(message);
  });

  it('accepts every post in content/posts', () => {
    const folder = path.resolve(import.meta.dirname, '../../content/posts');
    const files = readdirSync(folder).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files)
      expect(parsePostSource(readFileSync(path.join(folder, f), 'utf8')).meta.slug).toBe(f.slice(0, -3));
  });
});
