import ListStore
import ListPaging
