import { Toaster as Sonner, type ToasterProps } from 'sonner';

// At most 3 toasts, 4.5 s each; a dismissed toast leaves the page 500 ms later (the build sets
// that delay, see vite.config.ts). The region and the close button are announced in Portuguese.
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="dark"
      // The site reads left to right. Said here, or Sonner asks the browser for the page's computed
      // direction while it renders: a style calculation in the middle of the app's first render.
      dir="ltr"
      className="toaster group"
      visibleToasts={3}
      duration={4500}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      closeButton
      richColors
      position="bottom-right"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
