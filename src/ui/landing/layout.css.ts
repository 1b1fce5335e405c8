import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

/** Shared by the landing sections: width, rhythm and the heading block. */
export const container = style({
  width: '100%',
  maxWidth: vars.width.page,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': { [breakpoints.md]: { paddingInline: vars.space.lg } },
});

/** Takes focus only so Tab continues from where a link scrolled: no ring around a whole region. */
export const focusTarget = style({ selectors: { '&:focus': { outline: 'none' } } });

export const section = style({
  paddingBlock: vars.space.xxl,
  '@media': { [breakpoints.md]: { paddingBlock: vars.space.section } },
  selectors: { '&:focus': { outline: 'none' } },
});

export const sectionAlt = style([section, { background: vars.color.white }]);

export const heading = style({
  fontSize: '1.875rem',
  color: vars.color.brownDark,
  textAlign: 'center',
  '@media': { [breakpoints.md]: { fontSize: '2.25rem' } },
});

export const intro = style({
  maxWidth: vars.width.narrow,
  marginInline: 'auto',
  marginTop: vars.space.md,
  marginBottom: vars.space.xl,
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: '1.0625rem',
});

/** Resets a list used as a grid. */
export const bareList = style({ listStyle: 'none', margin: 0, padding: 0 });

/** On brown backgrounds the theme's blue focus ring is too faint: these areas use a light ring. */
export const onDark = style({});
globalStyle(`${onDark} :focus-visible`, { outlineColor: vars.color.goldLight });
