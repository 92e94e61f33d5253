export default function Page() {
  return (
    <div className="page-head">
      <h1>Bookmarks</h1>
    </div>
  );
}
