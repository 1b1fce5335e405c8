import { createHash } from 'node:crypto';
import { tokens } from '../../shared/tokens';

const { color, font, radius, space, shadow } = tokens;

/**
 * The family page's stylesheet, in the site's colours and fonts (src/shared/tokens.ts): one small
 * static file, the same for every family (served long-cached by its hash).
 */
export const familyCss = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:${color.cream};color:${color.text};font:1rem/1.6 ${font.body}}
.page{max-width:40rem;margin:0 auto;padding:${space.md}}
h1,h2,h3{font-family:${font.heading};color:${color.brownDark};line-height:1.25;margin:0 0 ${space.sm}}
h1{font-size:1.75rem}h2{font-size:1.35rem}h3{font-size:1.1rem;margin-top:${space.md}}
.top{padding:${space.lg} 0 ${space.md}}
.brand{margin:0;color:${color.gold};font-weight:700;letter-spacing:.02em}
.card{background:${color.white};border:1px solid ${color.border};border-radius:${radius.md};box-shadow:${shadow.card};padding:${space.lg};margin:0 0 ${space.lg}}
.big{font-size:1.15rem;font-weight:600}
.pre{white-space:pre-wrap;overflow-wrap:anywhere}
p{overflow-wrap:anywhere}
.facts,.money{margin:0}
.facts div,.money div{display:flex;justify-content:space-between;gap:${space.md};padding:${space.xs} 0;border-bottom:1px solid ${color.creamDark}}
dt{color:${color.muted}}dd{margin:0;font-weight:600;text-align:right}
.money .total dt{color:${color.text};font-weight:700}
.photos{list-style:none;padding:0;margin:${space.md} 0 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:${space.sm}}
.photos img{display:block;width:100%;height:auto;border-radius:${radius.sm}}
.photos a:focus-visible,.button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid ${color.focus};outline-offset:2px}
.update{border-top:1px solid ${color.creamDark};padding-top:${space.md};margin-top:${space.md}}
.update time{color:${color.muted};font-size:.9rem}
.checklist{padding-left:1.25rem}
a{color:${color.brown}}
.button{display:inline-block;background:${color.brown};color:${color.white};border:0;border-radius:${radius.full};padding:.65rem 1.25rem;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;min-height:44px}
label{display:block;font-weight:600;margin-bottom:${space.xs}}
input[type=file]{display:block;max-width:100%;margin-bottom:${space.sm}}
textarea{display:block;width:100%;font:inherit;padding:${space.sm};border:1px solid ${color.muted};border-radius:${radius.sm};margin-bottom:${space.sm}}
.error{color:${color.danger};margin:0 0 ${space.sm}}
.sent{color:${color.success};font-weight:600}
.choices{list-style:none;padding:0;margin:${space.md} 0;display:grid;gap:${space.md}}
.choice{display:flex;gap:${space.md};align-items:flex-start;border-top:1px solid ${color.creamDark};padding-top:${space.md}}
.choice img{width:6rem;height:6rem;object-fit:cover;border-radius:${radius.sm};flex:none}
.choice p{margin:0 0 ${space.xs}}
.button.secondary{background:${color.white};color:${color.brown};border:2px solid ${color.brown}}
`;

export const familyCssHash = createHash('sha256').update(familyCss).digest('base64url').slice(0, 12);
