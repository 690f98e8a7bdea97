import type { Image } from './products';

export interface Slide {
  id: number;
  title: string;
  subtitle: string;
  cta_label: string;
  href: string;
  image: Image;
  color: string;
}

export interface Slider {
  id: number;
  code: string;
  slides: Slide[];
}

export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: Image | null;
  published_at: string;
}

export interface BlogPost extends BlogPostSummary {
  body: string;
}

export interface CategoryMenuItem {
  id: number;
  slug: string;
  name: string;
  color: string | null;
  parent_id: number | null;
  has_children: boolean;
  children?: CategoryMenuItem[];
}

export interface SystemSetting {
  key: string;
  value: string;
}
