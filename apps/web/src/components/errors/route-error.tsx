import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './not-found';
import { ErrorScreen } from './error-screen';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen />;
}
