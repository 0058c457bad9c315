// `per_page` (default 30, at most 100, unless an endpoint documents others) and `page` (from 1),
// with the `Link` header Octokit's paginate plugin follows.
// https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api

import type { EmulatorRequest } from '../../core/http-server.js';
import { apiBase } from './github-route.js';

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

/** An endpoint's documented `per_page`: its default and its most. */
export interface PageSize {
  default: number;
  max: number;
}

export const DEFAULT_PAGE_SIZE: PageSize = { default: 30, max: 100 };

export function paginate<T>(req: EmulatorRequest, all: T[], size: PageSize = DEFAULT_PAGE_SIZE): Page<T> {
  const perPage = Math.min(positiveInt(req.query.get('per_page')) ?? size.default, size.max);
  const page = positiveInt(req.query.get('page')) ?? 1;
  const last = Math.max(Math.ceil(all.length / perPage), 1);
  const items = all.slice((page - 1) * perPage, page * perPage);

  // The request's other parameters (filters, sort) carry over to every link, as GitHub's do.
  const kept = new URLSearchParams([...req.query].filter(([name]) => name !== 'per_page' && name !== 'page'));
  const others = kept.size > 0 ? `${kept}&` : '';
  const link = (n: number, rel: string) => `<${apiBase(req)}${req.path}?${others}per_page=${perPage}&page=${n}>; rel="${rel}"`;
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  if (page < last) links.push(link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return { items, headers: links.length > 0 ? { link: links.join(', ') } : {} };
}

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}
