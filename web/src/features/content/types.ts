import type { Id, Notice } from '../../lib/api-types';

/** Shapes of docs/api.md that only this feature reads. */

export interface NoticeDetail extends Notice {
  content: string;
}

export interface TutorialCategory {
  category: string;
  articles: { id: Id; title: string; summary: string }[];
}

export interface TutorialArticle {
  id: Id;
  category: string;
  title: string;
  content: string;
  updated_at: number;
}

export interface Resource {
  id: Id;
  category: string;
  title: string;
  description: string;
  url: string;
}
