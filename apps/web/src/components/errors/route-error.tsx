import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { NotFound } from './not-found';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen />;
}
