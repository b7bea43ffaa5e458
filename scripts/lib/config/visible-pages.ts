import type { Project } from '../project.ts';

/** Pages the build includes: every page, less landing pages when the hideLandingRoutes flag is on. */
export function visiblePages(project: Project) {
  return project.pages.filter((p) => !(project.site.flags.hideLandingRoutes && p.config.landing));
}
