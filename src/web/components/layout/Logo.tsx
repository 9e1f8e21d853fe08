export function Logo() {
  return (
    <span className="logo">
      <img src="/favicon.svg" alt="" width="32" height="32" />
      <span className="logo-text">StayPerks</span>
    </span>
  );
}
