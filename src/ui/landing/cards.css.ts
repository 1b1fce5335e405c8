import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../components/a11y.css';
import { vars } from '../theme.css';

/** The puppy and sold-puppy cards. */
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  background: vars.color.white,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
});

export const media = style({ position: 'relative' });

const overPhoto = style({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  fontWeight: 700,
  fontSize: '0.875rem',
  boxShadow: vars.shadow.card,
  pointerEvents: 'none',
});

export const nameBadge = style([
  overPhoto,
  { top: vars.space.md, left: vars.space.md, background: vars.color.brown, color: vars.color.white },
]);
/** A puppy held for a family: beside the name, in the theme's dark brown on gold. */
export const reservedBadge = style([
  overPhoto,
  { top: vars.space.md, right: vars.space.md, background: vars.color.brownDark, color: vars.color.white },
]);
export const countBadge = style([
  overPhoto,
  { bottom: vars.space.md, right: vars.space.md, background: vars.color.white, color: vars.color.brownDark },
]);

export const body = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
});

export const title = style({ fontSize: '1.25rem', color: vars.color.brownDark });
export const description = style({ color: vars.color.muted, flex: 1 });

export const tags = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const tag = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.creamDark,
  color: vars.color.brownDark,
  fontSize: '0.8125rem',
  fontWeight: 600,
});

/** "Coat: " is said, not shown: the chip's value is enough to the eye. */
export const tagLabel = visuallyHidden;

export const action = style({ marginTop: vars.space.sm, width: '100%' });

export const icon = style({ color: vars.color.goldLight });
