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

/** A segment of the address as the visitor wrote it ("x%40y" is "x@y"); a broken escape is not a value. */
function decodeSegment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The values of the route's placeholders, decoded, e.g. { refId: "a@b" } for "/referral/:refId" opened at
 * /referral/a%40b. A value with a broken escape is left out.
 */
export function useRouteParams(): Record<string, string> {
  const { route, path } = useContext(RouteContext);
  return useMemo(() => {
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(matchRoute(route, path) ?? {})) {
      const decoded = decodeSegment(v);
      if (decoded !== undefined) params[k] = decoded;
    }
    return params;
  }, [route, path]);
}

/** The page's route pattern, e.g. "/contact": the page a form is on, for the service to answer with. */
export function useRoute(): string {
  return useContext(RouteContext).route;
}
