import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { copyButton } from './copy-button.js';
import { keepOrderIdsWhole } from './order-ids.js';
import { isSafeHref } from './safe-href.js';

// Model text is untrusted: it may repeat what a user, a web page or an order note said. It is
// parsed as Markdown with raw HTML escaped (the model's `<b>` shows as text, as in ChatGPT), and
// the HTML that Markdown makes is sanitized by DOMPurify before it reaches the page, with an
// allow-list of tags and links to http(s) and mailto only.

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // A heading of the model's would break the page's outline (h1 → h2 → the cards' h3): bold text.
    heading({ tokens }: Tokens.Heading) {
      return `<p class="md-heading"><strong>${this.parser.parseInline(tokens)}</strong></p>`;
    },
    // Images would load from wherever the model says (a tracking pixel): a link to them instead.
    image: ({ href, text }: Tokens.Image) => `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`,
  },
});

const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'a'],
  ...['ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input'],
];
// `class` carries a code block's language (`language-js`); `start` an ordered list's first number;
// `type`, `checked` and `disabled` a task list's box (GFM `- [x]`).
const ALLOWED_ATTR = ['href', 'title', 'class', 'start', 'align', 'type', 'checked', 'disabled'];

const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLInputElement && node.type !== 'checkbox') node.remove();
  if (!(node instanceof HTMLAnchorElement)) return;
  const href = node.getAttribute('href');
  if (href === null || !isSafeHref(href)) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** `text` (the model's words, Markdown) as sanitized HTML nodes: emphasis, lists, links, code. */
export function renderMarkdown(text: string): DocumentFragment {
  // Trimmed: the newline after the last block would be text of its own at the end of the bubble.
  const html = (markdown.parse(text) as string).trim();
  const nodes = purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  keepOrderIdsWhole(nodes);
  for (const block of nodes.querySelectorAll('pre')) {
    // A code block scrolls sideways: the keyboard must be able to reach it to scroll it.
    block.tabIndex = 0;
    const wrapper = document.createElement('div');
    wrapper.className = 'code-block';
    block.replaceWith(wrapper);
    wrapper.append(
      block,
      copyButton('code', () => block.textContent ?? ''),
    );
  }
  return nodes;
}
