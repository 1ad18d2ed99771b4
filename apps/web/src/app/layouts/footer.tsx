import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { Link as FooterLink } from '@vitrine/domain/content';
import { emailHref, footerFromEntries, phoneHref, socialProfileHref } from '@vitrine/domain/site-config';
import { Brand } from '@/components/layouts/brand';
import { FacebookIcon, InstagramIcon, TwitterIcon } from '@/components/layouts/social-icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiteConfig } from '@/features/content/api/get-site-config';

export function Footer() {
  const { data, isPending } = useSiteConfig('footer');
  if (isPending) return <FooterSkeleton />;
  // On an error the specification's defaults still give the visitor a working footer.
  const footer = footerFromEntries(data?.entries ?? {});
  // Only the shop's own profiles: a network's home page or no address at all hides the icon.
  const social = [
    { href: socialProfileHref(footer.social.facebook), label: 'Facebook', Icon: FacebookIcon },
    { href: socialProfileHref(footer.social.instagram), label: 'Instagram', Icon: InstagramIcon },
    { href: socialProfileHref(footer.social.twitter), label: 'Twitter', Icon: TwitterIcon },
  ].filter((item): item is typeof item & { href: string } => item.href !== null);
  const mail = emailHref(footer.contact.email);
  const tel = phoneHref(footer.contact.phone);

  return (
    <footer className="bg-card/40 border-t" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          {footer.logo.imageUrl ? <img src={footer.logo.imageUrl} alt={footer.logo.text} className="h-8" loading="lazy" /> : <Brand text={footer.logo.text} />}
          <p className="text-muted-foreground text-sm leading-relaxed">{footer.description}</p>
          {social.length > 0 && (
            <div className="flex gap-3">
              {social.map(({ href, label, Icon }) => (
                <a
                  key={label}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="text-muted-foreground hover:text-foreground hover:bg-accent rounded-md p-2 transition-colors"
                >
                  <Icon className="size-5" />
                </a>
              ))}
            </div>
          )}
        </div>
        <FooterLinks title="Links Rápidos" links={footer.quickLinks} />
        <FooterLinks title="Legal" links={footer.legalLinks} />
        <div className="space-y-3">
          <h2 className="text-sm font-semibold">Contato</h2>
          <ul className="text-muted-foreground space-y-2 text-sm">
            {footer.contact.email && (
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0" aria-hidden />
                {mail ? (
                  <a href={mail} className="hover:text-foreground break-all">
                    {footer.contact.email}
                  </a>
                ) : (
                  footer.contact.email
                )}
              </li>
            )}
            {footer.contact.phone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0" aria-hidden />
                {tel ? (
                  <a href={tel} className="hover:text-foreground">
                    {footer.contact.phone}
                  </a>
                ) : (
                  footer.contact.phone
                )}
              </li>
            )}
            <li className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden />
              {footer.contact.location}
            </li>
          </ul>
        </div>
      </div>
      <div className="text-muted-foreground border-t py-6 text-center text-xs">
        © {footer.copyright.year} {footer.copyright.text}
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div className="space-y-3">
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="text-muted-foreground hover:text-foreground transition-colors">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FooterSkeleton() {
  return (
    <footer className="border-t" aria-busy="true" aria-label="Carregando rodapé" data-testid="footer-skeleton">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, column) => (
          <div key={column} className="space-y-3">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        ))}
      </div>
    </footer>
  );
}
