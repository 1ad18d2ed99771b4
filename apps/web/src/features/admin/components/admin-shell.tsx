// The admin panel's frame: the sidebar of sections (collapsible to icons, a drawer under 768 px,
// Ctrl/Cmd+B, state in the sidebar_state cookie) and the current section's title and content.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarRail,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';
import { ADMIN_GROUPS, ADMIN_SECTIONS, ADMIN_VERSION, type AdminSection } from '../lib/sections';

export function AdminShell({ section, children }: { section: AdminSection; children: ReactNode }) {
  return (
    <SidebarProvider defaultOpen={readSidebarCookie()}>
      <Sidebar collapsible="icon" label="Seções do painel">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              {/* The brand, and the way back to the storefront. */}
              <SidebarMenuButton asChild size="lg" tooltip="Painel Administrativo · voltar ao site">
                <Link to="/">
                  <span className="bg-sidebar-primary text-sidebar-primary-foreground grid size-8 shrink-0 place-items-center rounded-md text-sm font-semibold" aria-hidden>
                    V
                  </span>
                  <span className="grid min-w-0 flex-1 leading-tight">
                    <span className="truncate font-semibold">Painel Administrativo</span>
                    <span className="text-muted-foreground truncate text-xs">Voltar ao site</span>
                  </span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          {ADMIN_GROUPS.map((group) => (
            <SidebarGroup key={group}>
              <SidebarGroupLabel>{group}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {ADMIN_SECTIONS.filter((item) => item.group === group).map((item) => (
                    <SidebarMenuItem key={item.id}>
                      <SectionLink section={item} active={item.id === section.id} />
                    </SidebarMenuItem>
                  ))}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </SidebarContent>
        <SidebarFooter>
          <p className="text-muted-foreground truncate px-2 text-xs group-data-[collapsible=icon]:px-0 group-data-[collapsible=icon]:text-center" data-testid="admin-version">
            {ADMIN_VERSION}
          </p>
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        <header className="bg-background/95 sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <h1 className="min-w-0 truncate text-base font-semibold">{section.label}</h1>
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
      {/* On a phone the drawer closes once a section is chosen. */}
      <Link to={`/admin/${section.id}`} onClick={() => isMobile && setOpenMobile(false)}>
        <Icon aria-hidden />
        <span>{section.label}</span>
      </Link>
    </SidebarMenuButton>
  );
}
