import { Toaster as Sonner, type ToasterProps } from 'sonner';

// At most 3 toasts, 4.5 s each (public-site.md §9: toast container 4500 ms, max 3).
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="dark"
      className="toaster group"
      visibleToasts={3}
      duration={4500}
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
