//! A workbook written row by row: a bold header row in the reader's language, money as numbers with
//! two decimals, times as China-time date-times. Sheets are kept in constant memory (rows go to a
//! temporary file as they are written), so an export's size does not grow the process.

use std::path::Path;

use domain::money::Fen;
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};

/// China Standard Time, which every time on screen and in files is shown in.
const CHINA_OFFSET_SECONDS: i64 = 8 * 3600;

pub enum Cell {
    Text(String),
    Money(Fen),
    Count(i64),
    /// Unix seconds; `None` leaves the cell empty.
    Time(Option<i64>),
}

pub struct Book {
    workbook: Workbook,
    rows: Vec<u32>,
    header: Format,
    money: Format,
    time: Format,
}

impl Default for Book {
    fn default() -> Self {
        Self::new()
    }
}

impl Book {
    pub fn new() -> Self {
        Self {
            workbook: Workbook::new(),
            rows: Vec::new(),
            header: Format::new().set_bold(),
            money: Format::new().set_num_format("0.00"),
            time: Format::new().set_num_format("yyyy-mm-dd hh:mm:ss"),
        }
    }

    /// Adds a sheet with its header row; answers its index. `widths` are column widths in characters.
    pub fn add_sheet(&mut self, name: &str, headers: &[String], widths: &[f64]) -> Result<usize, XlsxError> {
        let sheet = self.workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(name)?;
        for (column, (title, width)) in headers.iter().zip(widths).enumerate() {
            let column = column as u16;
            sheet.set_column_width(column, *width)?;
            sheet.write_string_with_format(0, column, title, &self.header)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        self.rows.push(1);
        Ok(self.rows.len() - 1)
    }

    pub fn write_row(&mut self, index: usize, cells: &[Cell]) -> Result<(), XlsxError> {
        let row = self.rows[index];
        let sheet = self.workbook.worksheet_from_index(index)?;
        for (column, cell) in cells.iter().enumerate() {
            let column = column as u16;
            match cell {
                Cell::Text(text) => {
                    sheet.write_string(row, column, text)?;
                }
                Cell::Money(fen) => {
                    sheet.write_number_with_format(row, column, fen.0 as f64 / 100.0, &self.money)?;
                }
                Cell::Count(n) => {
                    sheet.write_number(row, column, *n as f64)?;
                }
                Cell::Time(Some(at)) => {
                    let local = ExcelDateTime::from_timestamp(at + CHINA_OFFSET_SECONDS)?;
                    sheet.write_datetime_with_format(row, column, &local, &self.time)?;
                }
                Cell::Time(None) => {}
            }
        }
        self.rows[index] = row + 1;
        Ok(())
    }

    pub fn save(mut self, path: &Path) -> Result<(), XlsxError> {
        self.workbook.save(path)
    }

    pub fn to_bytes(mut self) -> Result<Vec<u8>, XlsxError> {
        self.workbook.save_to_buffer()
    }
}
