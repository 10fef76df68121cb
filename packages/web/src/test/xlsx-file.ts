import ExcelJS from 'exceljs'

/** An xlsx file of one sheet named `sheetName`: a header of `keys`, then each row's values under them. */
export async function xlsxFile(
  sheetName: string,
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<Blob> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName)
  sheet.addRow([...keys])
  for (const row of rows) sheet.addRow(keys.map((key) => row[key]))
  return new Blob([await workbook.xlsx.writeBuffer()])
}
