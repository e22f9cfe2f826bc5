/** Catches a render crash: 'This page crashed.', the message and 'Try again'; the document title is 'Page Error' meanwhile. */
import { Component } from 'react';
import type { ReactNode } from 'react';
import { Translate, useTranslate } from '../Translate/index.js';

export interface ErrorBoundaryProps {
  readonly children: ReactNode;
  /** A new key (the route after a navigation) clears the error. */
  readonly resetKey?: string;
  /** Run by 'Try again' before rendering again (the runtime reloads the page data). */
  readonly onTryAgain?: (() => Promise<void> | void) | undefined;
}

interface BoundaryProps extends ErrorBoundaryProps {
  /** The document title while the error shows (translated by the wrapper: a class cannot use hooks). */
  readonly errorTitle: string;
}

interface ErrorBoundaryState {
  readonly error: Error | null;
}

// No class fields: compiled for ES2020 each one costs a call to an esbuild helper.
class Boundary extends Component<BoundaryProps, ErrorBoundaryState> {
  declare private errorKey: string | undefined;
  declare private titleBefore: string;

  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(): void {
    this.errorKey = this.props.resetKey;
    this.titleBefore = document.title;
    document.title = this.props.errorTitle;
  }

  override componentDidUpdate(): void {
    if (this.state.error && this.props.resetKey !== this.errorKey) this.reset();
  }

  private reset(): void {
    if (document.title === this.props.errorTitle) document.title = this.titleBefore;
    this.setState({ error: null });
  }

  private tryAgain(): void {
    void Promise.resolve(this.props.onTryAgain?.()).finally(() => this.reset());
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="error-page" id="__main" role="alert">
        <h1 className="error-page__title">
          <Translate id="theme.ErrorPageContent.title" description="The title of the box shown when a page crashed">
            This page crashed.
          </Translate>
        </h1>
        <p className="error-page__message">{error.message}</p>
        <button type="button" className="error-page__retry" onClick={() => this.tryAgain()}>
          <Translate id="theme.ErrorPageContent.tryAgain">Try again</Translate>
        </button>
      </main>
    );
  }
}

export function ErrorBoundary(props: ErrorBoundaryProps) {
  const t = useTranslate();
  const errorTitle = t({
    id: 'theme.ErrorPageContent.documentTitle',
    message: 'Page Error',
    description: 'The document title while a crashed page shows',
  });
  return <Boundary {...props} errorTitle={errorTitle} />;
}
