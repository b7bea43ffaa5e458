export interface SectionHeadProps {
  /** Small badge above the heading. */
  eyebrow?: string;
  heading?: string;
  /** Lead text under the heading. */
  intro?: string;
  /** 1 when the heading is the page's main heading, otherwise 2 (default). */
  level?: 1 | 2;
  /** Id of the heading element, for a section's aria-labelledby. */
  headingId?: string;
  /**
   * The block's own classes for the parts it restyles; a part without one gets the shared look (the global
   * section-* classes of renderer/styles/global.css, which a block's class can compose from global).
   */
  classes?: { eyebrow?: string; heading?: string; intro?: string };
}

/**
 * The eyebrow, heading and lead text a block opens with (the "section head" settings of schemas/defs.schema.json).
 * It renders the three parts only, each only when set, so the block keeps its own wrapper and layout around them.
 */
export function SectionHead({ eyebrow, heading, intro, level = 2, headingId, classes = {} }: SectionHeadProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <>
      {eyebrow && <p className={classes.eyebrow ?? 'section-eyebrow'}>{eyebrow}</p>}
      {heading && (
        <Heading id={headingId} className={classes.heading ?? 'section-heading'}>
          {heading}
        </Heading>
      )}
      {intro && <p className={classes.intro ?? 'section-intro'}>{intro}</p>}
    </>
  );
}
