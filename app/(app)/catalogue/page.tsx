export default function Page() {
  return (
    <div className="page-head">
      <h1>Catalogue</h1>
    </div>
  );
}
