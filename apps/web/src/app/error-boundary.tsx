import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@/components/errors/error-screen';

/** Last line of defence outside the router: a crash shows the fallback screen, not a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Erro não tratado na interface', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
