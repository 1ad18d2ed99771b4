import { Bot, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { ContactChannel, ContactFaq } from '@vitrine/domain/content';
import { emailHref, phoneHref, whatsappHref } from '@vitrine/domain/site-config';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSiteConfig } from '../api/get-site-config';

const channelIcons: Record<ContactChannel['type'], typeof Mail> = {
  email: Mail,
  phone: Phone,
  whatsapp: MessageCircle,
  address: MapPin,
  chat: Bot,
};

// Used until (or if) the 'contact' section of site configuration says otherwise.
const defaultChannels: ContactChannel[] = [
  { type: 'email', label: 'E-mail', value: 'contato@vitrine.com.br', href: 'mailto:contato@vitrine.com.br', description: 'Respondemos em até 24 horas.' },
  { type: 'chat', label: 'Assistente IA', value: 'Converse agora', href: '/chat', description: 'Disponível 24 horas por dia.' },
];
const defaultFaq: ContactFaq = [{ question: 'Em quanto tempo vocês respondem?', answer: 'Respondemos todas as mensagens em até 24 horas.' }];

export function useContactContent() {
  const config = useSiteConfig('contact');
  useLoadErrorToast(config.error, 'configurações do site');
  // The public read leaves out a part that is not well formed (wellFormedConfigEntries).
  const channels = config.data?.entries.channels as ContactChannel[] | undefined;
  const faq = config.data?.entries.faq as ContactFaq | undefined;
  return {
    isPending: config.isPending,
    channels: channels?.length ? channels : defaultChannels,
    faq: faq?.length ? faq : defaultFaq,
  };
}

/** The channel's own link, or the one its kind implies: an e-mail is mailto:, a phone tel:, a WhatsApp number wa.me. */
function channelHref(channel: ContactChannel): string | null {
  if (channel.href) return channel.href;
  if (channel.type === 'email') return emailHref(channel.value);
  if (channel.type === 'phone') return phoneHref(channel.value);
  if (channel.type === 'whatsapp') return whatsappHref(channel.value);
  return null;
}

function ChannelLink({ channel: stored }: { channel: ContactChannel }) {
  const className = 'text-primary font-medium break-all hover:underline';
  const href = channelHref(stored);
  const channel = { ...stored, href: href ?? undefined };
  if (!channel.href) return <span className="font-medium">{channel.value}</span>;
  if (channel.href.startsWith('/')) {
    return (
      <Link to={channel.href} className={className}>
        {channel.value}
      </Link>
    );
  }
  const external = channel.href.startsWith('http');
  return (
    <a href={channel.href} className={className} {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}>
      {channel.value}
    </a>
  );
}

export function ContactChannels({ channels, isPending }: { channels: ContactChannel[]; isPending: boolean }) {
  if (isPending) {
    return (
      <div className="space-y-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {channels.map((channel) => {
        const Icon = channelIcons[channel.type];
        return (
          <li key={`${channel.type}-${channel.value}`} className="bg-card flex gap-4 rounded-xl border p-4 shadow-sm">
            <span className="bg-accent text-primary flex size-10 shrink-0 items-center justify-center rounded-lg">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{channel.label}</p>
              <ChannelLink channel={channel} />
              {channel.description && <p className="text-muted-foreground text-sm">{channel.description}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The shop's channels as a short list of links (tel:, mailto:, wa.me…), for the chat when a request could not be delivered. */
export function ContactChannelLinks() {
  const { channels, isPending } = useContactContent();
  if (isPending) return <Skeleton className="h-12 w-full" />;
  const shown = channels.filter((channel) => channel.type !== 'chat');
  return (
    <ul className="space-y-1" aria-label="Outros canais de contato" data-testid="other-channels">
      {shown.map((channel) => {
        const Icon = channelIcons[channel.type];
        return (
          <li key={`${channel.type}-${channel.value}`} className="flex min-w-0 items-center gap-2">
            <Icon className="text-muted-foreground size-4 shrink-0" aria-hidden />
            <span className="text-muted-foreground shrink-0">{channel.label}:</span>
            <ChannelLink channel={channel} />
          </li>
        );
      })}
    </ul>
  );
}

export function ContactFaqList({ faq }: { faq: ContactFaq }) {
  return (
    <Accordion type="single" collapsible className="bg-card rounded-xl border px-5">
      {faq.map((entry, index) => (
        <AccordionItem key={entry.question} value={`faq-${index}`}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent className="text-muted-foreground">{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
