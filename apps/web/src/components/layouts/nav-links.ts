// Header navigation (public-site.md §2).
export const navLinks = [
  { to: '/', label: 'Início' },
  { to: '/sobre', label: 'Sobre' },
  { to: '/funcionalidades', label: 'Funcionalidades' },
  { to: '/streaming', label: 'Revendas' },
  { to: '/midia', label: 'Mídia' },
  { to: '/apps/ativacao', label: 'Apps' },
  { to: '/knowledgebase', label: 'Documentação' },
  { to: '/contato', label: 'Contato' },
] as const;
