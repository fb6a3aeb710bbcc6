import { useState } from 'react';
import { useIntl } from 'react-intl';

/** The big picture and its thumbnails; `override` (a chosen colour's picture) shows until a thumbnail is picked. */
export function ProductGallery({ images, title, override, onPick }: { images: readonly string[]; title: string; override?: string | undefined; onPick?: () => void }) {
  const intl = useIntl();
  const [active, setActive] = useState(0);
  const current = override || images[Math.min(active, images.length - 1)] || '';
  return (
    <div className="product-gallery">
      <div className="product-gallery-main">
        {current ? <img src={current} alt={title} decoding="async" width={480} height={480} /> : null}
      </div>
      <div className="product-gallery-thumbs">
        {images.map((src, i) => (
          <button
            key={src}
            type="button"
            className={!override && i === active ? 'is-current' : ''}
            aria-label={intl.formatMessage({ id: 'product.image' }, { index: i + 1 })}
            onMouseEnter={() => {
              setActive(i);
              onPick?.();
            }}
            onClick={() => {
              setActive(i);
              onPick?.();
            }}
          >
            <img src={src} alt="" loading="lazy" decoding="async" width={64} height={64} />
          </button>
        ))}
      </div>
    </div>
  );
}
