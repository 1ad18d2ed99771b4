import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdminShell } from '@/features/admin/components/admin-shell';
import { SectionPlaceholder } from '@/features/admin/components/section-placeholder';
import { resolveSection } from '@/features/admin/lib/sections';
import { SECTION_CONTENT } from '@/features/admin/sections/section-content';

// /admin/<section>: the section lives in the URL, so deep links, reload and back work. /admin, an
// unknown section or extra segments show the section they resolve to (the dashboard by default)
// and replace the URL with its own, so back never returns to the address that was rewritten.
export function Component() {
  const { '*': rest = '' } = useParams();
  const section = resolveSection(rest.split('/')[0] || undefined);
  const navigate = useNavigate();
  useEffect(() => {
    if (rest !== section.id) void navigate(`/admin/${section.id}`, { replace: true });
  }, [rest, section.id, navigate]);
  const content = SECTION_CONTENT[section.id];
  return <AdminShell section={section}>{content ? content() : <SectionPlaceholder section={section} />}</AdminShell>;
}
