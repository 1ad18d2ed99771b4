import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { loadSelectControl } from '@/components/form/schema-form';
import type { PageHandle } from '@/components/layouts/page-head';
import { AdminShell } from '@/features/admin/components/admin-shell';
import { resolveSection, type AdminSectionId } from '@/features/admin/lib/sections';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { SECTION_CONTENT } from './admin-sections';

// The panel's forms show selects: their control (loaded apart from the public pages' forms) comes with the panel.
void loadSelectControl();

export const handle: PageHandle = {
  title: 'Painel administrativo',
};

// /admin/<section>: the section lives in the URL, so deep links, reload and back work; /admin and an
// unknown section show the dashboard under /admin/dashboard.
export function Component() {
  const { '*': rest } = useParams();
  const requested = rest?.split('/')[0] || undefined;
  const section = resolveSection(requested);
  const navigate = useNavigate();
  useEffect(() => {
    if (requested !== section.id) void navigate(`/admin/${section.id}`, { replace: true });
  }, [requested, section.id, navigate]);
  const content = SECTION_CONTENT[section.id as AdminSectionId];
  return (
    <AdminShell section={section} account={<SignOutButton />}>
      {content()}
    </AdminShell>
  );
}
