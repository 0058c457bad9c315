// GitLab's offset pagination (https://docs.gitlab.com/api/rest/#offset-based-pagination): `page`
// (from 1) and `per_page` (20 by default, at most 100), answered with X-Total, X-Total-Pages,
// X-Per-Page, X-Page, X-Next-Page and X-Prev-Page (empty when there is none) and a Link header.

import type { EmulatorReply, EmulatorRequest } from '../core/http-server.js';

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

/** One page of `items` as GitLab answers a listing. */
export function paginated<T>(req: EmulatorRequest, items: readonly T[], origin: string): EmulatorReply {
  const perPage = Math.min(MAX_PER_PAGE, positive(req.query.get('per_page')) ?? DEFAULT_PER_PAGE);
  const page = positive(req.query.get('page')) ?? 1;
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const next = page < totalPages ? page + 1 : undefined;
  const prev = page > 1 && page <= totalPages + 1 ? page - 1 : undefined;
  const link = (n: number) => {
    const query = new URLSearchParams(req.query);
    query.set('page', String(n));
    query.set('per_page', String(perPage));
    return `${origin}/api/v4${req.path}?${query}`;
  };
  const links = [
    prev && `<${link(prev)}>; rel="prev"`,
    next && `<${link(next)}>; rel="next"`,
    `<${link(1)}>; rel="first"`,
    `<${link(totalPages)}>; rel="last"`,
  ].filter(Boolean);
  return {
    status: 200,
    body: items.slice((page - 1) * perPage, page * perPage),
    headers: {
      'x-total': String(items.length),
      'x-total-pages': String(totalPages),
      'x-per-page': String(perPage),
      'x-page': String(page),
      'x-next-page': next ? String(next) : '',
      'x-prev-page': prev ? String(prev) : '',
      link: links.join(', '),
    },
  };
}

function positive(text: string | null): number | undefined {
  return text && /^[1-9]\d*$/.test(text) ? Number(text) : undefined;
}
