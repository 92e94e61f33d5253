export default function Page() {
  return (
    <div className="page-head">
      <h1>Location factors</h1>
    </div>
  );
}
