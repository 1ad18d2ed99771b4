import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { PARAGRAPH_CLASS } from '../lib/plain-text';

// The assistant writes simple Markdown: paragraphs, lists, bold. Raw HTML is never rendered (it shows as
// text), nor are images; links keep safe addresses only (no javascript:).
const markdown: Components = {
  p: ({ children }) => <p className={PARAGRAPH_CLASS}>{children}</p>,
  ul: ({ children }) => <ul className="my-1.5 list-disc space-y-0.5 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1.5 list-decimal space-y-0.5 pl-5">{children}</ol>,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  a: ({ href = '', children }) => (
    <a href={href} className="text-primary underline underline-offset-2" {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer noopener' } : {})}>
      {children}
    </a>
  ),
  // The assistant shows no pictures in its text (a PIX QR code is its own element): a Markdown image keeps
  // only its description, so no address written in an answer is fetched by a visitor's or an admin's browser.
  img: ({ alt }) => <>{alt}</>,
};
// Phones the assistant writes are tappable: tel: links pass, besides the defaults (http, https, mailto…).
const urlTransform = (url: string) => (/^tel:\+?\d+$/.test(url) ? url : defaultUrlTransform(url));

/**
 * An assistant's text, as Markdown: loaded apart from /chat's page (message-list.tsx); the admin's Conversas
 * imports it directly (the admin's code already carries react-markdown).
 */
export default function AssistantMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown components={markdown} urlTransform={urlTransform}>
      {text}
    </ReactMarkdown>
  );
}
