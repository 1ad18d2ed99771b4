// The admin panel's frame: the sidebar of sections (collapsible to icons, a drawer under 768 px,
// Ctrl/Cmd+B, state in a cookie), a header with the current section's title and the account's
// controls (`account`: 'Sair', composed by the route), and the section's content.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';
import { ADMIN_GROUPS, ADMIN_SECTIONS, ADMIN_VERSION, type AdminSection } from '../lib/sections';

export function AdminShell({ section, account, children }: { section: AdminSection; account?: ReactNode; children: ReactNode }) {
  return (
    <SidebarProvider defaultOpen={readSidebarCookie()}>
      <Sidebar label="Seções do painel">
        <SidebarHeader>
          <Link to="/" className="flex items-center gap-2 px-2 py-1 font-semibold">
            <span className="bg-primary text-primary-foreground grid size-7 shrink-0 place-items-center rounded-md text-sm">V</span>
            <span className="truncate group-data-[collapsible=icon]:hidden">Painel Admin</span>
          </Link>
        </SidebarHeader>
        <SidebarContent>
          {ADMIN_GROUPS.map((group) => (
            <SidebarGroup key={group}>
              <SidebarGroupLabel>{group}</SidebarGroupLabel>
              <SidebarMenu>
                {ADMIN_SECTIONS.filter((item) => item.group === group).map((item) => (
                  <SidebarMenuItem key={item.id}>
                    <SectionLink section={item} active={item.id === section.id} />
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </SidebarContent>
        <SidebarFooter>
          <p className="text-muted-foreground truncate px-2 text-xs group-data-[collapsible=icon]:sr-only" data-testid="admin-version">
            {ADMIN_VERSION}
          </p>
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <header className="bg-background/95 sticky top-0 z-10 flex h-14 items-center gap-2 border-b px-3 backdrop-blur">
          <SidebarTrigger />
          <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{section.label}</h1>
          {account}
        </header>
        <div className="min-w-0 flex-1 p-3 md:p-6">{children}</div>
      </SidebarInset>
    </SidebarProvider>
  );
}

function SectionLink({ section, active }: { section: AdminSection; active: boolean }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = section.icon;
  return (
    <SidebarMenuButton asChild isActive={active} tooltip={section.label}>
      <Link to={`/admin/${section.id}`} onClick={() => isMobile && setOpenMobile(false)}>
        <Icon aria-hidden />
        <span>{section.label}</span>
      </Link>
    </SidebarMenuButton>
  );
}
