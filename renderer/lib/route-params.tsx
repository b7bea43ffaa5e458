import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchRoute } from './route-match.ts';

/** The page's route pattern and the path it was opened at. */
interface RouteState {
  route: string;
  path: string;
}

const RouteContext = createContext<RouteState>({ route: '/', path: '/' });

export function RouteProvider({ route, path, children }: RouteState & { children: ReactNode }) {
  const value = useMemo(() => ({ route, path }), [route, path]);
  return <RouteContext.Provider value={value}>{children}</RouteContext.Provider>;
}

/** The values of the route's placeholders, e.g. { refId: "abc" } for "/referral/:refId" opened at /referral/abc. */
export function useRouteParams(): Record<string, string> {
  const { route, path } = useContext(RouteContext);
  return useMemo(() => matchRoute(route, path) ?? {}, [route, path]);
}
