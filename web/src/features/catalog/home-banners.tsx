import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Banner } from './types';
import { useSitePath } from '../../widgets/site-path';
import { isAbsoluteUrl } from '../../lib/open-link';

const ROTATE_MS = 5000;

/** Banners, one at a time, turning every 5 s (paused while pointed at); plain elements, no carousel library. */
export function HomeBanners({ banners }: { banners: readonly Banner[] }) {
  const intl = useIntl();
  const to = useSitePath();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return <div className="home-banners home-banners-empty" />;
  const current = Math.min(index, count - 1);
  return (
    <div className="home-banners" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
      {banners.map((banner, i) => {
        const image = (
          <img src={banner.image} alt={banner.title} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
        );
        const body = banner.link ? (
          isAbsoluteUrl(banner.link) ? (
            <a href={banner.link} target="_blank" rel="noopener noreferrer">
              {image}
            </a>
          ) : (
            <Link to={to(banner.link)}>{image}</Link>
          )
        ) : (
          image
        );
        return (
          <div key={`${i}-${banner.image}`} className={`home-banner${i === current ? ' is-current' : ''}`} aria-hidden={i !== current}>
            {body}
          </div>
        );
      })}
      {count > 1 ? (
        <div className="home-banner-dots">
          {banners.map((banner, i) => (
            <button
              key={`${i}-${banner.image}`}
              type="button"
              className={i === current ? 'is-current' : ''}
              aria-label={intl.formatMessage({ id: 'home.banner.go' }, { index: i + 1 })}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
