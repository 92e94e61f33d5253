export default function Page() {
  return (
    <div className="page-head">
      <h1>Compare</h1>
    </div>
  );
}
