import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

interface State {
  error: Error | null;
}

/** Catches a page that fails to load or render, so the navigation stays usable. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h1">Something went wrong</Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          This page could not be shown. Please reload and try again.
        </Typography>
        <Button variant="contained" sx={{ mt: 4 }} onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Container>
    );
  }
}
