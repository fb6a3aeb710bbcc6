/** A round avatar: the picture, or the first letter of the name on a tinted disc. */
export function UserAvatar({ src, name, size = 24 }: { src?: string | undefined; name?: string | undefined; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  return src ? (
    <img className="user-avatar" src={src} alt="" style={style} />
  ) : (
    <span className="user-avatar user-avatar-empty" style={style} aria-hidden="true">
      {(name ?? '').trim().slice(0, 1).toUpperCase() || '·'}
    </span>
  );
}
