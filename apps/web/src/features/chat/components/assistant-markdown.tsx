import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { PARAGRAPH_CLASS } from '../lib/plain-text';

// The assistant writes simple Markdown: paragraphs, lists, bold. Raw HTML is never rendered.
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
};
// Phones the assistant writes are tappable: tel: links pass, besides the defaults (http, https, mailto…).
const urlTransform = (url: string) => (/^tel:\+?\d+$/.test(url) ? url : defaultUrlTransform(url));

/** An assistant's text, as Markdown: loaded apart from the page (message-list.tsx). */
export default function AssistantMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown components={markdown} urlTransform={urlTransform}>
      {text}
    </ReactMarkdown>
  );
}
